enum RenderJS {
    static let text = #"""
"""#
}
