@preconcurrency import CNcursesw

/// How each cell style looks on a real terminal: colours where the terminal
/// has them and `NO_COLOR` is unset, plain attributes otherwise.
struct Theme {
    struct Look {
        var attributes: attr_t
        var pair: Int16
    }

    private var looks: [Look]

    /// Installs colour pairs (only call after `start_color`) and returns the theme.
    static func colour() -> Theme {
        use_default_colors()
        let spec: [CellStyle: (fg: Int32, bg: Int32, attrs: attr_t)] = [
            .normal: (-1, -1, 0),
            .tabBar: (COLOR_WHITE, COLOR_BLUE, 0),
            .tabActive: (COLOR_BLACK, COLOR_CYAN, facet_a_bold()),
            .title: (-1, -1, facet_a_bold()),
            .header: (COLOR_CYAN, -1, facet_a_bold()),
            .cursor: (COLOR_BLACK, COLOR_CYAN, 0),
            .badge: (COLOR_MAGENTA, -1, facet_a_bold()),
            .dim: (-1, -1, facet_a_dim()),
            .error: (COLOR_RED, -1, facet_a_bold()),
            .notice: (COLOR_GREEN, -1, facet_a_bold()),
            .key: (COLOR_CYAN, -1, facet_a_bold()),
            .border: (COLOR_BLUE, -1, facet_a_bold()),
            .input: (-1, -1, facet_a_underline()),
            .inputFocused: (COLOR_BLACK, COLOR_WHITE, 0),
            .scrollTrack: (COLOR_BLUE, -1, facet_a_dim()),
            .scrollThumb: (COLOR_CYAN, -1, 0),
            .warning: (COLOR_YELLOW, -1, facet_a_bold()),
            .faded: (-1, -1, facet_a_dim()),
            .selection: (COLOR_BLACK, COLOR_CYAN, 0),
        ]
        var looks: [Look] = []
        for style in CellStyle.allCases {
            let entry = spec[style] ?? (-1, -1, 0)
            let pair = Int16(style.rawValue) + 1
            init_pair(pair, Int16(entry.fg), Int16(entry.bg))
            looks.append(Look(attributes: entry.attrs, pair: pair))
        }
        return Theme(looks: looks)
    }

    /// Attributes only: reverse video for bars and the cursor, bold for emphasis.
    static func monochrome() -> Theme {
        let spec: [CellStyle: attr_t] = [
            .tabBar: facet_a_reverse(),
            .tabActive: facet_a_bold(),
            .title: facet_a_bold(),
            .header: facet_a_underline(),
            .cursor: facet_a_reverse(),
            .badge: facet_a_bold(),
            .dim: facet_a_dim(),
            .error: facet_a_bold(),
            .notice: facet_a_bold(),
            .key: facet_a_bold(),
            .input: facet_a_underline(),
            .inputFocused: facet_a_reverse(),
            .scrollThumb: facet_a_reverse(),
            .warning: facet_a_bold() | facet_a_underline(),
            .faded: facet_a_dim(),
            .selection: facet_a_reverse() | facet_a_underline(),
        ]
        return Theme(looks: CellStyle.allCases.map { Look(attributes: spec[$0] ?? 0, pair: 0) })
    }

    func look(_ style: CellStyle) -> Look { looks[Int(style.rawValue)] }
}
