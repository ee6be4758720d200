/// Pixels as quadrant block symbols (`▘▝▀▖▌▞▛▗▚▐▜▄▙▟█`), two by two
/// sub-cells per terminal cell, each inked where the picture is brighter
/// than its own average (as libchafa's two-colour mode does, a positive
/// on a dark terminal): what the TUI draws where libchafa cannot be opened
/// (the static release binary), in any terminal font.
enum QuadrantArt {
    /// By mask: upper left 1, upper right 2, lower left 4, lower right 8.
    static let symbols: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]

    static func lines(_ pixels: SymbolArtLibrary.Pixels, columns: Int, rows: Int) -> [String] {
        guard columns > 0, rows > 0, pixels.width > 0, pixels.height > 0 else { return [] }
        // The mean luminance of each sub-cell (box filter over its pixels).
        let across = columns * 2
        let down = rows * 2
        var shade = [Double](repeating: 0, count: across * down)
        for sy in 0..<down {
            let y0 = sy * pixels.height / down
            let y1 = max(y0 + 1, (sy + 1) * pixels.height / down)
            for sx in 0..<across {
                let x0 = sx * pixels.width / across
                let x1 = max(x0 + 1, (sx + 1) * pixels.width / across)
                var sum = 0.0
                for y in y0..<min(y1, pixels.height) {
                    var index = (y * pixels.width + x0) * 4
                    for _ in x0..<min(x1, pixels.width) {
                        let alpha = Double(pixels.rgba[index + 3]) / 255
                        let luminance = 0.2126 * Double(pixels.rgba[index]) + 0.7152 * Double(pixels.rgba[index + 1])
                            + 0.0722 * Double(pixels.rgba[index + 2])
                        // Transparent parts read as the (dark) background.
                        sum += luminance * alpha
                        index += 4
                    }
                }
                shade[sy * across + sx] = sum / Double(max(1, (y1 - y0) * (x1 - x0)))
            }
        }
        let threshold = shade.reduce(0, +) / Double(shade.count)
        return (0..<rows).map { row in
            String((0..<columns).map { column in
                let top = row * 2 * across + column * 2
                let bottom = top + across
                var mask = 0
                if shade[top] > threshold { mask |= 1 }
                if shade[top + 1] > threshold { mask |= 2 }
                if shade[bottom] > threshold { mask |= 4 }
                if shade[bottom + 1] > threshold { mask |= 8 }
                return symbols[mask]
            })
        }
    }
}
