#if canImport(Glibc)
import Glibc
#endif

/// How many clients a server may hold: one descriptor each, out of the
/// process's limit less a reserve for the database, the screens and the
/// watches. `facet serve` and the web face share the rule.
///
/// The soft limit is first lifted to the hard one: a distribution's soft
/// default (often 1,024) is a compatibility setting for `select`, which
/// neither server uses, and at that size a thousand idle connections from
/// anyone on the machine would take every descriptor.
public enum DescriptorBudget {
    /// Descriptors kept back from clients.
    public static let reserve = 32

    /// Raises the soft limit to the hard one (once per call; harmless to repeat)
    /// and answers the soft limit now in force (`Int.max` if unknown).
    @discardableResult
    public static func raiseSoftLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limit.rlim_cur)
    }

    /// The most clients at once, after raising the soft limit.
    public static func maxConnections() -> Int {
        max(1, raiseSoftLimit() &- reserve)
    }
}
