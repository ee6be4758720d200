enum AppJS {
    static let text = #"""
"""#
}
