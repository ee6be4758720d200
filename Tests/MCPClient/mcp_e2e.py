#!/usr/bin/env python3
"""Drives `facet --ui mcp` with the official Python MCP client (PyPI `mcp`),
an implementation independent of Facet's, for the end-to-end tests in
Tests/EndToEndTests/MCPEndToEndTests.swift.

usage: mcp_e2e.py BINARY FACET_HOME WORKDIR MODE [GITHUB_URL PHOTOS_URL]
  MODE scenario    - initialize, list tools, import, search, rename a folder,
                     read a resource, hear of an update, tool errors
  MODE conformance - the playlist conformance scenarios; prints the snapshots
  MODE pictures PICTURES_URL - photos from the loopback picture server:
                     a photo's image as MCP image content, and the bomb's
                     refusal (Tests/EndToEndTests/PicturesEndToEndTests…)
  MODE features    - every feature (playlists, folders, login and settings,
                     stars, photos) with one error result each; the loopback
                     fixtures' base URLs come after the mode; prints the
                     snapshots and errors (Tests/EndToEndTests/MCPFeatures…)

Prints one JSON object (the facts seen) on stdout; the Swift test asserts on
it. Works with mcp 1.x and 2.x: results are compared in their wire form
(model_dump by alias), never through version-specific attribute names.
"""
import asyncio
import json
import os
import sys
import warnings

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


# mcp 2.x deprecates resources/subscribe for its newest revision; this
# server speaks the handshake revisions, where it is the way to subscribe.
warnings.filterwarnings("ignore", message=".*removed as of.*")


def wire(model):
    return model.model_dump(by_alias=True, mode="json", exclude_none=True)


class Updates:
    """Collects notifications/resources/updated, whatever shape the SDK hands over."""

    def __init__(self):
        self.uris = []
        self.event = asyncio.Event()

    async def __call__(self, message):
        obj = getattr(message, "root", message)
        if getattr(obj, "method", None) == "notifications/resources/updated":
            self.uris.append(str(getattr(getattr(obj, "params", None), "uri", "")))
            self.event.set()


async def call(session, name, arguments=None):
    """A tool call in wire form; a protocol error becomes {"protocolError": …}."""
    try:
        return wire(await session.call_tool(name, arguments or {}))
    except Exception as error:  # McpError (1.x) / MCPError (2.x)
        data = getattr(error, "error", None)
        code = getattr(data, "code", None) if data is not None else getattr(error, "code", None)
        return {"protocolError": {"code": code, "message": str(error)}}


def rows(result):
    items = result.get("structuredContent", {}).get("snapshot", {}).get("content", {}).get("list", {}).get("items", [])
    return [{"id": i["id"], "title": i["title"], "values": i.get("values", {})} for i in items]


async def scenario(binary, home, work):
    facts = {}
    m3u = os.path.join(work, "road.m3u")
    with open(m3u, "w") as f:
        f.write("#EXTM3U\n#EXTINF:354,Queen - Bohemian Rhapsody\na.mp3\n"
                "#EXTINF:200,Toto - Africa\nb.mp3\n#EXTINF:245,Queen - Don't Stop Me Now\nc.mp3\n")
    tree = os.path.join(work, "tree")
    os.makedirs(os.path.join(tree, "old-name"), exist_ok=True)
    with open(os.path.join(tree, "old-name", "file.txt"), "w") as f:
        f.write("x" * 1000)

    updates = Updates()
    env = {"FACET_HOME": home, "NO_COLOR": "1"}
    # Set by a test that runs the scenario against Facet on another host
    # (`FACET_CONNECT=ssh://HOST`, Tests/ServeTests/SSHConnectTests.swift).
    for name in ("FACET_CONNECT", "FACET_SSH_COMMAND", "FACET_REMOTE"):
        if name in os.environ:
            env[name] = os.environ[name]
    params = StdioServerParameters(command=binary, args=["--ui", "mcp"], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, message_handler=updates) as session:
            init = wire(await session.initialize())
            facts["protocolVersion"] = init["protocolVersion"]
            facts["serverName"] = init["serverInfo"]["name"]
            facts["capabilities"] = init["capabilities"]

            tools = {t["name"]: t for t in (wire(t) for t in (await session.list_tools()).tools)}
            facts["tools"] = sorted(tools)
            facts["annotations"] = {n: tools[n].get("annotations", {}) for n in
                                    ("playlists_import", "playlist_delete", "playlist_remove-song", "playlist_filter")}
            facts["importSchema"] = tools["playlists_import"]["inputSchema"]

            imported = await call(session, "playlists_import", {"path": m3u, "name": "Road Trip"})
            facts["import"] = {"isError": imported.get("isError"), "rows": rows(imported),
                               "status": imported["structuredContent"]["snapshot"]["status"],
                               "text": imported["content"][0]["text"]}

            opened = await call(session, "open_playlist", {"name": "Road Trip"})
            handle = opened["structuredContent"]["handle"]
            uri = "facet://screen/" + handle
            resources = wire(await session.list_resources())
            facts["resources"] = [r["uri"] for r in resources["resources"]]
            await session.subscribe_resource(uri)

            searched = await call(session, "playlist_filter", {"text": "queen"})
            facts["search"] = {"isError": searched.get("isError"), "handle": searched["structuredContent"]["handle"],
                               "rows": rows(searched)}
            try:
                await asyncio.wait_for(updates.event.wait(), 5)
            except asyncio.TimeoutError:
                pass
            facts["updates"] = updates.uris

            read_back = wire(await session.read_resource(uri))
            content = read_back["contents"][0]
            facts["resource"] = {"uri": content["uri"], "mimeType": content.get("mimeType"),
                                 "snapshot": json.loads(content["text"])}
            facts["snapshotTool"] = (await call(session, "screen_snapshot", {"handle": handle}))["structuredContent"]["snapshot"]

            folders = await call(session, "open_folders", {"path": tree})
            rename = await call(session, "folders_rename", {"item": "old-name", "handle": folders["structuredContent"]["handle"]})
            facts["renameOpened"] = rename.get("structuredContent", {}).get("opened", {}).get("snapshot", {}).get("screen")
            renamed = await call(session, "folder-rename_rename", {"name": "new-name"})
            facts["rename"] = {"isError": renamed.get("isError"), "status": renamed["structuredContent"]["snapshot"]["status"],
                               "dirs": sorted(os.listdir(tree))}

            facts["errors"] = {
                "missingFile": await call(session, "playlists_import", {"path": os.path.join(work, "missing.m3u")}),
                "unknownTool": await call(session, "no_such_tool", {}),
                "badArguments": await call(session, "playlist_page", {"number": "many"}),
                "disabled": await call(session, "playlist_load-more", {}),
            }
            facts["pingAfterErrors"] = wire(await session.send_ping()) is not None
    return facts


async def conformance(binary, home, work):
    m3u = os.path.join(work, "Trip.m3u")
    with open(m3u, "w") as f:
        f.write("#EXTINF:1,Zed - Alpha\na.mp3\n#EXTINF:1,Amy - Beta\nb.mp3\n")
    params = StdioServerParameters(command=binary, args=["--ui", "mcp"], env={"FACET_HOME": home, "NO_COLOR": "1"})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await call(session, "open_playlist", {"name": "Sample", "sort": "title"})
            filtered = await call(session, "playlist_filter", {"text": "o"})
            imported = await call(session, "playlists_import", {"path": m3u})
    return {"filtered": filtered["structuredContent"]["snapshot"], "imported": imported["structuredContent"]["snapshot"],
            "tripPath": m3u}


def snapshot(result):
    return result.get("structuredContent", {}).get("snapshot", {})


def failure(result):
    """A tool's error result: whether it was one, and its code and message."""
    error = result.get("structuredContent", {}).get("error", {})
    return {"isError": result.get("isError"), "code": error.get("code"), "message": error.get("message"),
            "protocolError": result.get("protocolError")}


async def features(binary, home, work, github, photos):
    """Each feature through MCP, in one session on a fresh home: the
    snapshots the Swift test compares with the CLI's, and one error result
    per feature with its `structuredContent.error.code`."""
    facts = {}
    tree = os.path.join(work, "tree")
    for path, size in (("a/x", 5000), ("b/y/z", 2), ("c/w", 1)):
        os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
        with open(os.path.join(tree, path), "w") as f:
            f.write("x" * size)
    env = {"FACET_HOME": home, "NO_COLOR": "1"}
    for name in ("TZ", "FACET_CLOCK"):
        if name in os.environ:
            env[name] = os.environ[name]
    params = StdioServerParameters(command=binary, args=["--ui", "mcp"], env=env)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            # Playlists: the conformance steps, and a file that is not there.
            await call(session, "open_playlist", {"name": "Sample", "sort": "title"})
            facts["playlist"] = snapshot(await call(session, "playlist_filter", {"text": "o"}))
            facts["playlistError"] = failure(await call(session, "playlists_import",
                                                        {"path": os.path.join(work, "missing.m3u")}))

            # Folders: the sorted list, and a rename to a name with a slash.
            await call(session, "open_folders", {"path": tree, "sort": "name"})
            facts["folders"] = snapshot(await call(session, "folders_sort", {"by": "size"}))
            await call(session, "open_folder-rename", {"path": os.path.join(tree, "a")})
            facts["folderError"] = failure(await call(session, "folder-rename_rename", {"name": "x/y"}))
            facts["dirsAfterError"] = sorted(os.listdir(tree))

            # Stars before anyone set a GitHub user (nobody is signed in yet either).
            # Login: a name with a control character, then a good one.
            facts["loginError"] = failure(await call(session, "open_login",
                                                     {"first-name": "Ada\u001b[31m", "last-name": "Lovelace"}))
            if not facts["loginError"]["isError"]:
                facts["loginError"] = failure(await call(session, "login_sign-in", {}))
            await call(session, "open_login", {"first-name": "Ada", "last-name": "Lovelace"})
            facts["login"] = snapshot(await call(session, "login_sign-in", {}))
            facts["starsError"] = failure(await call(session, "open_stars", {}))

            # Settings: a bad page size is refused; the fixtures' URLs are saved.
            await call(session, "open_settings", {})
            facts["settingsError"] = failure(await call(session, "settings_set", {"key": "page-size", "value": "many"}))
            for key, value in (("github-user", "octo"), ("github-base-url", github), ("photos-base-url", photos + "/ok")):
                facts.setdefault("settingsSaved", []).append(
                    failure(await call(session, "settings_set", {"key": key, "value": value})))

            # Stars from the GitHub fixture; then, from what was read, a search.
            facts["starsRead"] = snapshot(await call(session, "open_stars", {}))["status"]
            await call(session, "open_stars", {"refresh": "none"})
            facts["stars"] = snapshot(await call(session, "stars_filter", {"text": "project 7"}))

            # Photos from the photos fixture: open, select; then the fixture answers 500.
            await call(session, "open_photos", {})
            facts["photos"] = snapshot(await call(session, "photos_select", {"item": "42"}))
            await call(session, "open_settings", {})
            await call(session, "settings_set", {"key": "photos-base-url", "value": photos + "/status/500"})
            await call(session, "open_photos", {})
            facts["photosError"] = failure(await call(session, "photos_reload", {}))
            await call(session, "open_settings", {})
            facts["settings"] = snapshot(await call(session, "settings_set", {"key": "photos-base-url", "value": photos + "/ok"}))
    return facts


async def pictures(binary, home, work, server):
    """A photo's image through MCP: the tool result's image content (base64
    and MIME type), and a bomb picture refused with no image at all."""
    facts = {}
    params = StdioServerParameters(command=binary, args=["--ui", "mcp"], env={"FACET_HOME": home, "NO_COLOR": "1"})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await call(session, "open_login", {"first-name": "Ada", "last-name": "Lovelace"})
            await call(session, "login_sign-in", {})
            await call(session, "open_settings", {})
            await call(session, "settings_set", {"key": "photos-base-url", "value": server})
            await call(session, "open_photos", {})
            await call(session, "open_photo", {"id": 4})
            result = await call(session, "photo_image", {})
            images = [item for item in result.get("content", []) if item.get("type") == "image"]
            facts["image"] = images[0] if images else {"result": result}
            await call(session, "open_photo", {"id": 1})
            bomb = await call(session, "photo_image", {})
            facts["bomb"] = {"isError": bomb.get("isError"),
                             "images": len([i for i in bomb.get("content", []) if i.get("type") == "image"])}
    return facts


# The servers this script starts live within it: past this the session is
# cancelled, which ends the server, and the script fails instead of hanging.
TIMEOUT = 150


def main():
    binary, home, work, mode = sys.argv[1:5]
    if mode == "pictures":
        facts = asyncio.run(asyncio.wait_for(pictures(binary, home, work, sys.argv[5]), timeout=TIMEOUT))
        print(json.dumps(facts, sort_keys=True))
        return
    if mode == "features":
        facts = asyncio.run(asyncio.wait_for(features(binary, home, work, *sys.argv[5:7]), timeout=TIMEOUT))
        print(json.dumps(facts, sort_keys=True))
        return
    run = scenario if mode == "scenario" else conformance
    facts = asyncio.run(asyncio.wait_for(run(binary, home, work), timeout=TIMEOUT))
    print(json.dumps(facts, sort_keys=True))


if __name__ == "__main__":
    main()
