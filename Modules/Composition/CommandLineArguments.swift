import Foundation
import KernelDomain

extension FacetApp {
    /// The process's arguments, each decoded exactly (`FileSystemName`): a
    /// path argument that is not valid UTF-8 (`$'/tmp/\xff\xff'`) keeps its
    /// bytes, where `CommandLine.arguments` would turn them into `U+FFFD`
    /// and Facet would then act on a different folder.
    public static func commandLineArguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { FileSystemName.decode(cString: $0) } ?? ""
        }
    }
}
