enum RpcJS {
    static let text = #"""
"""#
}
