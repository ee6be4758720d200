enum TableJS {
    static let text = #"""
"""#
}
