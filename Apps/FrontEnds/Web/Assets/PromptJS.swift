enum PromptJS {
    static let text = #"""
"""#
}
