import ScreenKit

public enum JSONLFrontEnd: FrontEnd {
    public static let name = "jsonl"
    public static func run(_ context: FrontEndContext) async -> Int32 { 0 }
}
