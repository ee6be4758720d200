import KernelDomain
import KernelPresentation
import ScreenKit
import StarsDomain

/// The *repo* screen: everything the cache knows about one starred
/// repository (topics, licence, forks, open issues, archived, homepage…),
/// with open, star and unstar.
@MainActor
public final class RepositoryViewModel: ScreenModel {
    public static let screenID = "repo"

    public private(set) var listing: StarListing?
    public private(set) var url: String?
    public private(set) var status: ScreenStatus = .idle
    public private(set) var account: GitHubAccount?
    private let name: String
    private let access: StarsAccess

    public init(access: StarsAccess, name: String) {
        self.access = access
        self.name = name
    }

    public override func start() async {
        await load()
    }

    public func load() async {
        do {
            guard let current = try await access.current() else { throw StarsError.noUser }
            account = current
            // The id the stars list prints works as well as `owner/name`.
            let store = access.library.store
            let found = switch try StarItem(name) {
            case .id(let id): try await store.repository(id: id, user: current.user)
            case .fullName(let fullName): try await store.repository(fullName: fullName, user: current.user)
            }
            guard let found else { throw StarsError.notStarred(name) }
            listing = found
            url = try? StarsLibrary.webURL(found.repository.fullName, webBase: current.webBase)
            status = .idle
        } catch {
            status = .error(ErrorPresentation.screenError(error))
        }
        publish()
    }

    public func openURL() async throws(ScreenError) -> ActionOutcome {
        guard let listing, let account else { throw ErrorPresentation.screenError(StarsError.notStarred(name)) }
        do {
            let result = try await access.open(id: listing.id, account: account)
            self.listing?.visited = true
            status = .notice(result.opened ? "Opened \(result.url)" : "Open \(result.url)")
            publish()
            return ActionOutcome(openURL: result.url)
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    public func unstar() async throws(ScreenError) {
        guard let listing, let account else { throw ErrorPresentation.screenError(StarsError.notStarred(name)) }
        do {
            try await access.library.setStarred(false, fullName: listing.repository.fullName, account: account)
        } catch {
            throw ErrorPresentation.screenError(error)
        }
    }

    static let openURLAction = ActionDescriptor(
        name: StandardAction.openURL, label: "Open in browser", summary: "Open the repository's page and mark it visited.", effect: .changes, key: "o")
    static let unstarAction = ActionDescriptor(
        name: "unstar", label: "Unstar", summary: "Remove the star on GitHub (needs a token).", effect: .destroys, key: "U")
    static let reloadAction = ActionDescriptor(
        name: StandardAction.reload, label: "Reload", summary: "Read the cached repository again.", effect: .view, key: "r")

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Repository", summary: "One starred repository: topics, licence, forks, issues, homepage.",
        params: [ParamDescriptor(name: "name", label: "Repository (owner/name, or its id from the stars list)", positional: true)
            .values(from: ValueSource(screen: "stars", params: ["refresh": .string("none")], field: "full_name"))],
        actions: [openURLAction, unstarAction, reloadAction], topLevel: false,
        examples: ["facet repo owner1/project-00001", "facet repo owner1/project-00001 --jsonl"])

    public override var snapshot: ScreenSnapshot {
        let missing: String? = listing == nil ? "The repository is not in the cache." : nil
        let needsToken: String? = account?.token == nil ? "Unstarring needs a GitHub token (settings: github-token)." : nil
        return ScreenSnapshot(
            screen: Self.screenID, title: listing?.repository.fullName ?? name, status: status,
            content: ScreenContent(detail: listing.map { DetailContent(rows: StarsRows.detail($0, url: url)) }),
            actions: [
                Self.openURLAction.disabled(because: missing),
                Self.unstarAction.disabled(because: missing ?? needsToken),
                Self.reloadAction,
            ])
    }

    public override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
        switch action {
        case StandardAction.openURL: return try await openURL()
        case "unstar":
            try await unstar()
            return ActionOutcome(back: true)
        case StandardAction.reload: await load()
        default: return try await super.perform(action, arguments)
        }
        return .done
    }
}
