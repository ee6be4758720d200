#!/usr/bin/env python3
"""Runs `facet --ui mcp` sessions with the official Python MCP client (PyPI
`mcp`), one server per session, for the tests of what `tools/list` offers
(Tests/EndToEndTests/MCPToolSelectionEndToEndTests.swift).

usage: mcp_sessions.py BINARY FACET_HOME WORKDIR SPEC_JSON
  SPEC_JSON: [{"args": ["--tools", "playlists"], "calls": [["open_playlists", {}], ...]}, ...]

Prints, for each session in order, {"tools": {name: {annotations, inputSchema,
hasOutputSchema}}, "listBytes": N, "calls": [wire result or {"protocolError": …}]}
as {"sessions": [...]}. listBytes is the tools/list result as the client parsed it,
written back as compact JSON: what an agent's context holds. A tool with an
output schema has its structuredContent validated by the client itself.
"""
import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from mcp_e2e import call, wire


async def session_facts(binary, home, spec):
    params = StdioServerParameters(command=binary, args=["--ui", "mcp"] + spec.get("args", []),
                                   env={"FACET_HOME": home, "NO_COLOR": "1",
                                        # Where MPD is, when the test started one (the player's group).
                                        **{k: v for k, v in os.environ.items() if k in ("MPD_HOST", "MPD_PORT")}})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = wire(await session.list_tools())
            tools = {t["name"]: {"annotations": t.get("annotations", {}), "inputSchema": t.get("inputSchema", {}),
                                 "hasOutputSchema": "outputSchema" in t} for t in listed["tools"]}
            size = len(json.dumps(listed, separators=(",", ":"), ensure_ascii=False).encode())
            calls = []
            for name, arguments in spec.get("calls", []):
                calls.append(await call(session, name, arguments))
    return {"tools": tools, "listBytes": size, "calls": calls}


async def run(binary, home, specs):
    return [await session_facts(binary, home, spec) for spec in specs]


# The servers this script starts live within it: past this the sessions are
# cancelled, which ends the server, and the script fails instead of hanging.
TIMEOUT = 150


def main():
    binary, home, _work, spec = sys.argv[1:5]
    sessions = asyncio.run(asyncio.wait_for(run(binary, home, json.loads(spec)), timeout=TIMEOUT))
    print(json.dumps({"sessions": sessions}, sort_keys=True))


if __name__ == "__main__":
    main()
