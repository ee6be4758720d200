import ScreenKit

/// Pictures in the TUI, from the screen contract alone: a screen whose
/// action `showsPicture` gets that picture drawn as Unicode symbols
/// (`SymbolArt`), or in the terminal's own pixels where it has said it
/// can (`PixelArt`, drawn by the backend after the cells) — the selected
/// row's, when the action takes an item, to the right of the list; the
/// screen's own below its detail. An open dialog or overlay turns pixels
/// back into symbols, which it can cover. The row shows
/// at once; its picture follows when the action answers (never blocking a
/// frame), and a picture that cannot be had leaves a one-line reason.
extension TUIController {
    /// The widest and tallest box a picture takes.
    static let pictureBox = (columns: 40, rows: 20)
    /// A list keeps at least this many columns beside a picture: a terminal
    /// narrower than 112 columns shows the list alone.
    static let listRoomBesidePicture = 70

    /// The action that shows a picture on `snapshot`, and whether it takes a row.
    static func pictureAction(_ snapshot: ScreenSnapshot) -> (action: ActionDescriptor, item: ParamDescriptor?)? {
        guard let action = snapshot.actions.first(where: { $0.showsPicture && $0.effect == .view && $0.enabled }) else { return nil }
        let item = action.params.first { $0.kind == .item }
        // Any other required parameter is one a face cannot fill in by itself.
        guard !action.params.contains(where: { $0.required && $0.kind != .item }) else { return nil }
        return (action, item)
    }

    /// The key of the picture on show: the screen, and the row when the action takes one.
    func pictureKey(_ session: ScreenSession, _ snapshot: ScreenSnapshot, item: ListItem?) -> String {
        "\(ObjectIdentifier(session).hashValue)|\(snapshot.screen)|\(item?.id ?? "")"
    }

    /// Asks the screen for a picture not yet asked for (or one whose
    /// failure of the moment is over: `PictureShelf.retryIfLiveAgain`); the
    /// answer marks the frame dirty.
    func requestPicture(
        _ key: String, session: ScreenSession, snapshot: ScreenSnapshot, action: ActionDescriptor, item: ParamDescriptor?,
        itemID: String?
    ) {
        pictureShelf.retryIfLiveAgain(key, screenVersion: session.screen.changes.version, status: snapshot.status)
        guard pictureShelf.states[key] == nil else { return }
        pictureShelf.states[key] = .loading
        var arguments: ActionArguments = [:]
        if let item, let itemID { arguments[item.name] = .string(itemID) }
        let screen = session.screen
        Task { @MainActor [weak self] in
            let state: PictureShelf.State
            do {
                let outcome = try await screen.run(action.name, arguments)
                state = outcome.picture.map(PictureShelf.State.loaded) ?? .failed("no picture", transientAt: nil)
            } catch {
                let refusal = error as? ScreenError
                // Of the moment (a lost connection, the network down) or standing (hostile, none).
                let transient = refusal == nil || refusal?.kind == .failed
                state = .failed(refusal?.message ?? "\(error)", transientAt: transient ? screen.changes.version : nil)
            }
            guard let self else { return }
            self.pictureShelf.states[key] = state
            self.dirty = true
        }
    }

    /// Makes the sixel or kitty bytes of `key`'s picture off the main
    /// actor (a sixel's palette takes libchafa longer than a frame), then
    /// redraws; the row and its placeholder show meanwhile.
    func encodeInPixels(_ key: String, _ picture: PictureContent, columns: Int, rows: Int) {
        let job = "\(key)|\(columns)x\(rows)"
        guard pictureShelf.encoding.insert(job).inserted else { return }
        let graphics = graphics
        Task { @MainActor [weak self] in
            let art = await Task.detached {
                Result { () throws(SymbolArt.Failure) in try PixelArt.draw(picture, columns: columns, rows: rows, graphics: graphics) }
            }.value
            guard let self else { return }
            self.pictureShelf.encoding.remove(job)
            // Made for another cell size (the window changed meanwhile): made again when drawn.
            guard self.graphics == graphics else { return }
            var drawn = self.pictureShelf.drawn(key, columns: columns, rows: rows)
            drawn.pixels = art
            self.pictureShelf.drawn[key] = drawn
            self.dirty = true
        }
    }

    /// Draws the picture of `key` into `rect` (or what stands for it); a
    /// picture in pixels leaves its cells blank and is returned, for the
    /// frame to carry.
    func drawPicture(into buffer: inout CellBuffer, key: String, in rect: Rect) -> Frame.Image? {
        guard rect.width >= 4, rect.height >= 2 else { return nil }
        let columns = min(rect.width, Self.pictureBox.columns)
        let rows = min(rect.height, Self.pictureBox.rows)
        let inPixels = graphics.kind != .symbols && overlay == nil
        switch pictureShelf.states[key] {
        case .loaded(let picture)?:
            var drawn = pictureShelf.drawn(key, columns: columns, rows: rows)
            let symbols: SymbolArt
            do throws(SymbolArt.Failure) {
                if inPixels {
                    guard let pixels = drawn.pixels else {
                        encodeInPixels(key, picture, columns: columns, rows: rows)
                        buffer.write(TerminalText.truncate("[picture…]", to: rect.width), x: rect.x, y: rect.y, style: .dim)
                        return nil
                    }
                    return Frame.Image(x: rect.x, y: rect.y, art: try pixels.get())
                }
                let made = drawn.symbols ?? Result { () throws(SymbolArt.Failure) in try SymbolArt.draw(picture, columns: columns, rows: rows) }
                drawn.symbols = made
                pictureShelf.drawn[key] = drawn
                symbols = try made.get()
            } catch {
                buffer.write(TerminalText.truncate("[picture damaged: not shown]", to: rect.width), x: rect.x, y: rect.y, style: .warning)
                return nil
            }
            for (index, line) in symbols.lines.enumerated() where index < rect.height {
                buffer.write(line, x: rect.x, y: rect.y + index, limit: rect.width, style: .normal)
            }
        case .failed(let message, _)?:
            let lines = TextWrap.wrap("[no picture] " + TerminalText.sanitize(message), width: rect.width)
            for (index, line) in lines.prefix(rect.height).enumerated() {
                buffer.write(line, x: rect.x, y: rect.y + index, limit: rect.width, style: .dim)
            }
        case .loading?, nil:
            buffer.write(TerminalText.truncate("[picture…]", to: rect.width), x: rect.x, y: rect.y, style: .dim)
        }
        return nil
    }
}
