import FeatureKit
import KernelDomain
import KernelServices
import PlayerPresentation
import ScreenKit

/// Wires the player screen to an MPD client. Each opened screen gets a
/// client of its own (so its own `idle` connection); a one-shot command's
/// screen does not follow changes. It is also the bar faces with tabs draw
/// on every tab: its summary is the now-playing line.
public final class PlayerFeature: Feature {
    let context: FeatureContext

    public init(context: FeatureContext) {
        self.context = context
    }

    public func register(in registry: ScreenRegistry) {
        let context = context
        registry.register(ScreenRegistration(PlayerViewModel.descriptor, bar: true) { _ in
            PlayerViewModel(
                player: MusicPlayerFactory.make(
                    environment: context.environment, host: context.account.settings?.mpdHost,
                    port: context.account.settings?.mpdPort.map(String.init)),
                pageSize: context.account.settings?.pageSize ?? SettingsRules.defaultPageSize,
                live: context.mode != .oneCommand)
        })
    }
}
