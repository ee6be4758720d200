extension JSONLFrontEnd {
    public static var optionsHelp: String? {
        """
        Usage: facet --ui jsonl        (or FACET_UI=jsonl facet; 'facet --connect --ui jsonl' for a server's core)

        No options: JSON-RPC 2.0 requests, one per line, on stdin; only JSON-RPC
        messages on stdout. Methods: initialize, screens.list, screen.open,
        screen.perform, screen.snapshot, screen.wait, screen.confirmation (the
        questions to ask before an action that removes or destroys),
        screen.close, rpc.discover (an OpenRPC document of every screen). End
        of input ends the session.
        """
    }
}
