import ScreenKit

extension TUIController {
    /// Backspace (and the other "back" keys) on the first screen of a tab
    /// go *up* when that screen offers `StandardAction.up` without required
    /// arguments: a folder list started at `/usr/share` shows `/usr`, as
    /// ncdu does and as the key hint ("Up") promises. The parent replaces
    /// the first screen, so Backspace keeps climbing instead of bouncing
    /// back down.
    func goUpFromFirstScreen() {
        guard stack.count == 1, let session = top,
              let up = session.screen.snapshot.action(StandardAction.up), up.enabled,
              !up.params.contains(where: \.required) else { return }
        enqueue { [weak self, weak session] in
            guard let self, let session, self.stack.count == 1, self.stack.first === session else { return }
            do {
                let outcome = try await session.screen.run(StandardAction.up, [:])
                guard let request = outcome.navigate else { return }
                let screen = try await self.catalog.open(request)
                self.stack = [self.makeSession(screen, root: true)]
                self.overlay = nil
                session.close()
            } catch {
                self.showError(error)
            }
        }
    }
}
