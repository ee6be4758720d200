extension MCPFrontEnd {
    public static var optionsHelp: String? {
        """
        \(usage)

        Options:
          --read-only    offer only tools that change no data

        A Model Context Protocol server on stdin/stdout: configure your MCP client
        to run this command ({"command": "facet", "args": ["--ui", "mcp"]}).
        """
    }
}
