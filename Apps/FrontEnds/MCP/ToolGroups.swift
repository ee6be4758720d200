import ScreenKit

/// Tool groups an MCP client picks with `--tools`, so an agent loads only
/// the tools it needs into its context (as github-mcp-server's toolsets).
///
/// Derived from the registry, never named here: every top-level screen
/// starts a group named after it, and a screen that is not top-level (a
/// playlist, a repository) joins the group of the top-level screen
/// registered before it, because a feature registers its top-level screen
/// and then the screens it leads to. `screen_snapshot` and `screen_close`
/// belong to no group: they are always offered.
public struct ToolGroups: Equatable, Sendable {
    public struct Group: Equatable, Sendable {
        public var name: String
        public var screens: [String]
    }

    /// Selects every group.
    public static let all = "all"

    public private(set) var groups: [Group] = []

    public init(_ screens: [ScreenDescriptor]) {
        for screen in screens {
            let name = screens.tab(of: screen.id)?.id ?? screen.id
            if let index = groups.firstIndex(where: { $0.name == name }) {
                groups[index].screens.append(screen.id)
            } else {
                groups.append(Group(name: name, screens: [screen.id]))
            }
        }
    }

    public var names: [String] { groups.map(\.name) }

    /// The group a screen's tools belong to.
    public func group(of screen: String) -> String? { groups.first { $0.screens.contains(screen) }?.name }

    public struct UnknownGroup: Error, Equatable {
        public var name: String
        public var known: [String]
        public init(name: String, known: [String]) {
            self.name = name
            self.known = known
        }
        public var message: String {
            let choices = (known + [ToolGroups.all]).joined(separator: ", ")
            return name.isEmpty
                ? "--tools needs a comma-separated list of tool groups (\(choices))"
                : "unknown tool group '\(name)' (tool groups: \(choices))"
        }
    }

    /// The group names in a `--tools` value such as `playlists,folders`
    /// (`all`: every group), in registry order.
    public func select(_ value: String) throws(UnknownGroup) -> Set<String> {
        let requested = value.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces() }
        guard !requested.isEmpty, !requested.contains("") else { throw UnknownGroup(name: "", known: names) }
        var chosen = Set<String>()
        for name in requested {
            if name == Self.all {
                chosen.formUnion(names)
            } else if names.contains(name) {
                chosen.insert(name)
            } else {
                throw UnknownGroup(name: name, known: names)
            }
        }
        return chosen
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
