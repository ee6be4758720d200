import FeatureKit
import Foundation
import KernelDomain
import KernelPersistence
import KernelPresentation
import KernelServices
import ScreenKit
import StarsDomain
import StarsPersistence
import StarsPresentation
import StarsServices

/// Wires the starred-repositories screens (seed 000): the GitHub client on
/// the shared HTTP client, the SQLite cache, the browser opener, and the
/// shared account (so a changed username shows on the next open).
public final class StarsFeature: Feature {
    public static let migrations = Migrations.stars

    let access: StarsAccess
    let account: AccountCenter
    let now: @Sendable () -> Date

    public init(context: FeatureContext) {
        account = context.account
        now = context.now
        access = StarsAccess(
            library: StarsLibrary(
                source: GitHubStarredClient(http: context.http), store: SQLiteStarStore(database: context.database),
                limits: .from(environment: context.environment), now: context.now),
            opener: context.urlOpener, account: context.account,
            token: { [account = context.account] profile in try await account.githubToken(for: profile) })
    }

    public func register(in registry: ScreenRegistry) {
        let access = access
        let account = account
        let now = now
        registry.register(ScreenRegistration(StarsViewModel.descriptor) { params in
            StarsViewModel(
                access: access, search: params.string(ListGrammar.filter) ?? params.string("search") ?? "",
                language: params.string("language"),
                sort: params.string(ListGrammar.sort).flatMap(StarSort.init(rawValue:)) ?? .starred,
                reverse: params.bool(ListGrammar.reverse) ?? false,
                refresh: params.string("refresh").flatMap(StarsViewModel.RefreshMode.init(rawValue:)) ?? .auto,
                pageSize: account.settings?.pageSize ?? SettingsRules.defaultPageSize, now: now)
        })
        registry.register(ScreenRegistration(RepositoryViewModel.descriptor) { params in
            RepositoryViewModel(access: access, name: params.string("name") ?? "")
        })
    }
}
