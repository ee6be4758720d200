import ScreenKit

/// What `--read-only` does to a screen being opened. Hiding the actions that
/// change data is not enough: some screens reach the network and replace
/// stored data as they open (a star sync sending the token, a photo refetch
/// replacing the cache), chosen by a parameter. Such a parameter declares
/// the value that changes nothing (`ParamDescriptor.keepsStoredData`): it is
/// given that value when absent, and any other value is refused by name.
enum ReadOnlyOpening {
    static func request(_ request: ScreenRequest, _ descriptor: ScreenDescriptor?) throws(ScreenError) -> ScreenRequest {
        guard let descriptor else { return request }
        var request = request
        for param in descriptor.params {
            guard let keeping = param.keepsStoredData else { continue }
            if let given = request.params[param.name], !same(given, keeping) {
                throw .invalidParams(
                    "'\(param.name)' \(given.description) would change stored data or send credentials, "
                        + "and this server runs with --read-only: leave it out or give \(keeping.description)",
                    code: "read_only")
            }
            request.params[param.name] = keeping
        }
        return request
    }

    /// Compared as the screen will read them: `true` and `"true"` agree.
    private static func same(_ given: ArgumentValue, _ keeping: ArgumentValue) -> Bool {
        switch keeping {
        case .bool(let flag): given.boolValue == flag
        case .int(let number): given.intValue == number
        case .string(let text): given.stringValue == text
        }
    }
}
