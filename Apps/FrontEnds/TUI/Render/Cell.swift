/// One terminal cell: the character drawn there, how many cells it takes,
/// and its style. A wide character occupies its cell (width 2) and the cell
/// to its right (width 0, a continuation that backends skip).
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var width: UInt8
    public var style: CellStyle

    public init(_ character: Character, width: UInt8 = 1, style: CellStyle = .normal) {
        self.character = character
        self.width = width
        self.style = style
    }

    public static let blank = Cell(" ")

    /// The right half of a wide character.
    public static func continuation(_ style: CellStyle) -> Cell { Cell(" ", width: 0, style: style) }

    public var isContinuation: Bool { width == 0 }
}
