import JSONCore
import ScreenKit

extension JSONValue {
    /// The scalar as an action argument, or nil for null, arrays, objects and fractions.
    var argument: ArgumentValue? {
        switch self {
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number) where number == number.rounded() && abs(number) < 1e15: .int(Int(number))
        case .string(let text): .string(text)
        default: nil
        }
    }
}
