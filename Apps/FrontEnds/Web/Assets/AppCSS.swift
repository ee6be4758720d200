enum AppCSS {
    static let text = #"""
"""#
}
