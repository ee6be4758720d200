import Foundation
import ScreenKit

/// Why an SSH connection failed, in the user's terms: each common failure
/// has its own message and code, with what to do about it, rather than
/// ssh's last line alone.
enum SSHFailure {
    static func explain(
        destination: SSHDestination, status: Int32?, stderr: String, established: Bool
    ) -> ScreenError {
        let host = destination.description
        let lines = stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        // ssh starts most of its own lines with "ssh: "; said once.
        let said = lines.last.map { " (ssh: \($0.hasPrefix("ssh: ") ? String($0.dropFirst(5)) : $0))" } ?? ""
        func has(_ words: String) -> Bool { stderr.localizedCaseInsensitiveContains(words) }
        if has("Host key verification failed") || has("REMOTE HOST IDENTIFICATION HAS CHANGED") {
            return .failed(
                "the host key of \(host) is not in your known_hosts or does not match it: ssh refused the host\(said). "
                    + "Check the key and accept it with 'ssh \(host)' once", code: "ssh_host_key")
        }
        if has("Permission denied") {
            return .failed(
                "\(host) refused your key\(said). Check that your public key is in the remote "
                    + "~/.ssh/authorized_keys, or load it with 'ssh-add'; facet never asks for a password", code: "ssh_auth_refused")
        }
        if status == 127 || has("command not found") || has(": not found") {
            return .failed(
                "facet is not installed on \(host), or not on its PATH\(said). Install it there, or name it with "
                    + "'--remote-facet PATH' or FACET_REMOTE=PATH", code: "remote_facet_missing")
        }
        if !established, status == 255 {
            return .failed("ssh could not reach \(host)\(said)", code: "ssh_failed")
        }
        let ended = status.map { " (ssh exited with status \($0))" } ?? ""
        if established {
            return .failed("the connection to \(host) was lost\(ended)\(said)", code: "disconnected")
        }
        return .failed("facet on \(host) did not answer\(ended)\(said)", code: "ssh_failed")
    }
}
