import ScreenKit

/// The bar drawn beside a share column's number, as ncdu draws it:
/// `[#####     ]`, filled in proportion to the row's percentage of the whole.
enum ShareBar {
    /// The bar in `width` cells (brackets included) for a percentage value;
    /// nil when the value is unknown (a folder still being scanned).
    static func text(_ value: TypedValue?, width: Int) -> String? {
        let percent: Double
        switch value {
        case .double(let number)?: percent = number
        case .int(let number)?: percent = Double(number)
        default: return nil
        }
        let inner = max(0, width - 2)
        let clamped = min(100, max(0, percent))
        let filled = Int((clamped * Double(inner) / 100).rounded())
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: inner - filled) + "]"
    }
}

extension TableLayout.Slot {
    /// The cells for the column's text: the slot less its bar and the space before it.
    var withoutBar: TableLayout.Slot {
        guard bar > 0 else { return self }
        return TableLayout.Slot(index: index, x: x, width: max(0, width - bar - 1))
    }
}
