import KernelDomain
import KernelPresentation
import ScreenKit
import StarsDomain

/// The *repo* screen: everything the cache knows about one starred
/// repository (topics, licence, forks, open issues, archived, homepage…),
/// with open, star and unstar.
@MainActor
public final class RepositoryViewModel: ScreenModel, DeclaredScreen {
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
            return ActionOutcome(openURL: result.url, urlOpened: result.opened)
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

    /// Stores a visited mark besides handing the URL to a browser.
    static let openURLAction = ScreenAction<RepositoryViewModel>(
        StandardAction.openURL, key: "o", label: "Open in browser", summary: "Open the repository's page and mark it visited.",
        effect: .changes, unavailable: { $0.missing }
    ) { model, _ throws(ScreenError) in try await model.openURL() }
    static let unstarAction = ScreenAction<RepositoryViewModel>(
        "unstar", key: "U", label: "Unstar", summary: "Remove the star on GitHub (needs a token).", effect: .destroys,
        reachesNetwork: true, unavailable: { $0.missing ?? $0.needsToken }
    ) { model, _ throws(ScreenError) in
        try await model.unstar()
        return ActionOutcome(back: true)
    }
    static let reloadAction = ScreenAction<RepositoryViewModel>(
        StandardAction.reload, key: "r", label: "Reload", summary: "Read the cached repository again.", effect: .view
    ) { model, _ in
        await model.load()
        return .done
    }

    public static let actions = [openURLAction, unstarAction, reloadAction]

    var missing: String? { listing == nil ? "The repository is not in the cache." : nil }
    var needsToken: String? { account?.token == nil ? "Unstarring needs a GitHub token (settings: github-token)." : nil }

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Repository", summary: "One starred repository: topics, licence, forks, issues, homepage.",
        params: [ParamDescriptor(name: "name", label: "Repository (owner/name, or its id from the stars list)", positional: true)
            .values(from: ValueSource(screen: "stars", params: ["refresh": .string("none")], field: "full_name"))],
        actions: actionDescriptors, topLevel: false,
        examples: ["facet repo owner1/project-00001", "facet repo owner1/project-00001 --jsonl"])

    public override var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            screen: Self.screenID, title: listing?.repository.fullName ?? name, status: status,
            content: ScreenContent(detail: listing.map { DetailContent(rows: StarsRows.detail($0, url: url)) }),
            actions: availableActions)
    }
}
