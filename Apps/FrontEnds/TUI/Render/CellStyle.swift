/// What a cell means, not how it looks: widgets pick a role and each
/// backend decides the look (a colour theme, plain attributes, or nothing in
/// the in-memory text backend). That keeps widgets free of terminal details.
public enum CellStyle: UInt8, CaseIterable, Sendable {
    case normal
    /// The screen-switcher bar and its active tab.
    case tabBar, tabActive
    /// The screen title line.
    case title
    /// List column headers.
    case header
    /// The list row under the cursor.
    case cursor
    /// Item badges such as *visited* or *selected*.
    case badge
    /// Secondary text: subtitles, placeholders, disabled actions.
    case dim
    case error, notice
    /// A key name in hints and help (`enter`, `/`).
    case key
    /// Dialog frames and separators.
    case border
    /// An editable field, and the one that has focus.
    case input, inputFocused
    /// The scroll bar's track and thumb.
    case scrollTrack, scrollThumb
    /// "Done, with problems": between a notice and an error.
    case warning
    /// Selected text in a field (typing replaces it).
    case selection
    /// A row the user has already seen (its `visited` badge), drawn faded
    /// like a visited link.
    case faded
}
