#if canImport(Glibc)
import Glibc
#endif
@preconcurrency import CNcursesw

/// The real terminal through ncursesw. It keeps the previous frame and
/// redraws only the rows that changed, in runs of one style each; ncurses
/// then sends only the changed cells to the terminal. Pictures in the
/// terminal's pixels (`Frame.images`) are written after ncurses is done,
/// at their cell, with the cursor saved and restored around them, since
/// ncurses knows nothing of them:
/// - a sixel stays until text is written over it, so the rows of one
///   that goes are rewritten whole, and one is written again whenever its
///   rows were redrawn;
/// - kitty graphics lie over the text until deleted, so a change deletes
///   them all and places what the frame has.
@MainActor
final class NcursesBackend: TerminalBackend {
    enum Failure: Error {
        case noTerminal(String)
    }

    /// Milliseconds ncurses waits after ESC for the rest of a sequence: a
    /// key within it makes an Alt chord, and a lone Escape takes this long.
    static let escapeDelay: Int32 = 25

    private let screen: OpaquePointer
    private let theme: Theme
    private var previous: CellBuffer?
    let unicode: Bool
    private(set) var graphics: TerminalGraphics
    /// The pictures in pixels on the terminal now.
    private var shownImages: [Frame.Image] = []

    /// Takes over the terminal. `colour` is false under NO_COLOR; the
    /// terminal may also have none.
    init(colour: Bool, mouse: Bool, forceASCII: Bool, graphics: TerminalGraphics = .symbols) throws {
        self.graphics = graphics
        setlocale(LC_ALL, "")
        guard let screen = newterm(nil, stdout, stdin) else {
            throw Failure.noTerminal("facet: cannot start the TUI on this terminal (TERM=\(getenv("TERM").map { String(cString: $0) } ?? "unset")).")
        }
        self.screen = screen
        set_term(screen)
        cbreak()
        noecho()
        nonl()
        keypad(stdscr, true)
        nodelay(stdscr, true)
        set_escdelay(Self.escapeDelay)
        curs_set(0)
        if colour, has_colors() {
            start_color()
            theme = Theme.colour()
        } else {
            theme = Theme.monochrome()
        }
        if mouse {
            let mask = facet_button1_clicked() | facet_button1_double_clicked() | facet_button4_pressed() | facet_button5_pressed()
            mousemask(mmask_t(mask), nil)
            mouseinterval(200)
        }
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        unicode = !forceASCII && codeset.uppercased().filter { $0 != "-" } == "UTF8"
    }

    var size: (width: Int, height: Int) { (Int(getmaxx(stdscr)), Int(getmaxy(stdscr))) }

    func invalidate() {
        previous = nil
        clearok(stdscr, true)
        if let cell = GraphicsQuery.windowCell() {
            graphics.cellWidth = cell.width
            graphics.cellHeight = cell.height
        }
    }

    func present(_ frame: Frame) {
        let buffer = frame.buffer
        if previous?.width != buffer.width || previous?.height != buffer.height {
            previous = nil
            werase(stdscr)
        }
        let whole = previous == nil
        if graphics.kind == .sixel {
            for image in shownImages where !frame.images.contains(image) {
                let rows = image.rows.clamped(to: 0..<buffer.height)
                wredrawln(stdscr, Int32(rows.lowerBound), Int32(rows.count))
            }
        }
        var redrawn = [Bool](repeating: whole, count: buffer.height)
        var text: [wchar_t] = []
        text.reserveCapacity(buffer.width * 2)
        for y in 0..<buffer.height {
            if let previous, rowEqual(previous, buffer, y) { continue }
            redrawn[y] = true
            var x = 0
            while x < buffer.width {
                let style = buffer[x, y].style
                let start = x
                text.removeAll(keepingCapacity: true)
                while x < buffer.width, buffer[x, y].style == style {
                    let cell = buffer[x, y]
                    if !cell.isContinuation { append(cell.character, to: &text) }
                    x += 1
                }
                let look = theme.look(style)
                _ = text.withUnsafeBufferPointer { pointer in
                    facet_draw(Int32(y), Int32(start), pointer.baseAddress, Int32(pointer.count), look.attributes, look.pair)
                }
            }
        }
        previous = buffer
        if let caret = frame.caret {
            wmove(stdscr, Int32(caret.y), Int32(caret.x))
            curs_set(1)
        } else {
            curs_set(0)
        }
        wnoutrefresh(stdscr)
        doupdate()
        if graphics.kind != .symbols, whole || !frame.images.isEmpty || !shownImages.isEmpty {
            drawImages(frame.images, redrawn: redrawn, whole: whole)
        }
    }

    /// Writes the pictures that are new, or (sixels) whose rows were redrawn.
    private func drawImages(_ images: [Frame.Image], redrawn: [Bool], whole: Bool) {
        var out: [UInt8] = []
        let changed = whole || images != shownImages
        if graphics.kind == .kitty, changed {
            out += Self.deleteKittyImages
        }
        for image in images {
            let due: Bool
            switch graphics.kind {
            case .kitty: due = changed
            case .sixel: due = whole || !shownImages.contains(image) || image.rows.contains { $0 < redrawn.count && redrawn[$0] }
            case .symbols: due = false
            }
            guard due else { continue }
            out += Array("\u{1B}7\u{1B}[\(image.y + 1);\(image.x + 1)H".utf8) + image.art.bytes + Array("\u{1B}8".utf8)
        }
        shownImages = images
        guard !out.isEmpty else { return }
        fflush(stdout)
        _ = out.withUnsafeBytes { writeAll(1, $0) }
    }

    /// kitty: delete every image, placements and data, and answer nothing.
    static let deleteKittyImages = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    private func rowEqual(_ a: CellBuffer, _ b: CellBuffer, _ y: Int) -> Bool {
        for x in 0..<b.width where a[x, y] != b[x, y] { return false }
        return true
    }

    /// The base character and the marks that combine with it; other parts
    /// of a cluster (joiners) would make ncurses start new cells.
    private func append(_ character: Character, to text: inout [wchar_t]) {
        var first = true
        for scalar in character.unicodeScalars {
            if first {
                text.append(wchar_t(bitPattern: scalar.value))
                first = false
                continue
            }
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
                || (0xFE00...0xFE0F).contains(scalar.value) {
                text.append(wchar_t(bitPattern: scalar.value))
            }
        }
    }

    func read() -> [RawInput] {
        var input: [RawInput] = []
        var character: wint_t = 0
        while input.count < 20_000 {
            let result = wget_wch(stdscr, &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if Int32(character) == KEY_MOUSE {
                    if let event = mouseEvent() { input.append(.mouse(event)) }
                } else {
                    input.append(.code(Int32(character)))
                }
            } else {
                input.append(.char(UInt32(character)))
            }
        }
        return input
    }

    private func mouseEvent() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let kind: MouseEvent.Kind
        if state & facet_button1_double_clicked() != 0 {
            kind = .doubleClick
        } else if state & (facet_button1_clicked() | facet_button1_pressed()) != 0 {
            kind = .click
        } else if state & facet_button4_pressed() != 0 {
            kind = .wheelUp
        } else if facet_button5_pressed() != 0, state & facet_button5_pressed() != 0 {
            kind = .wheelDown
        } else {
            return nil
        }
        return MouseEvent(kind, x: Int(event.x), y: Int(event.y))
    }

    /// Gives the terminal back (also done by `TerminalGuard` on signals).
    func shutdown() {
        if graphics.kind == .kitty, !shownImages.isEmpty { _ = Self.deleteKittyImages.withUnsafeBytes { writeAll(1, $0) } }
        TerminalGuard.restore()
        delscreen(screen)
    }
}
