import Foundation
import Testing
import TestSupport

/// Two processes started at once on a fresh data directory, round after
/// round: they race to create and migrate the database and then share its
/// WAL while the other is still opening it. Neither may crash; one creates
/// the profile and the other signs in to it.
///
/// A process that dropped SQLite's locks on the `-shm` file behind its back
/// (see `SharedMemoryLockTests`) let the other one truncate the shared memory under
/// it: a SIGBUS (status 135) in a small fraction of rounds, hence many of them.
@Suite struct FreshHomeRaceAttackTests {
    static var rounds: Int { Attack.long ? 2_000 : 200 }

    @Test func twoSignInsOnAFreshHomeNeverCrash() async throws {
        let homes = TemporaryDirectory("facet-attack-race")
        // One line a round: the two statuses, then how many created the profile.
        let script = """
            ulimit -c 0
            for i in $(seq 1 \(Self.rounds)); do
              h="$FACET_HOME/$i"; mkdir "$h"
              FACET_HOME="$h" "$FACET" login sign-in --first-name Grace --last-name Hopper >"$h/a" 2>&1 & A=$!
              FACET_HOME="$h" "$FACET" login sign-in --first-name GRACE --last-name Hopper >"$h/b" 2>&1 & B=$!
              wait $A; SA=$?; wait $B; SB=$?
              echo "$i $SA $SB $(cat "$h/a" "$h/b" | grep -c 'Created profile')"
              if [ $SA -eq 0 ] && [ $SB -eq 0 ]; then rm -rf "$h"; fi
            done
            """
        let result = try await Attack.shell(script, home: homes.path)
        let lines = result.out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count == Self.rounds, "\(result.stderr.prefix(500))")
        let failed = lines.filter { $0.count != 4 || $0[1] != "0" || $0[2] != "0" || $0[3] != "1" }
        #expect(failed.isEmpty, "round, statuses, profiles created: \(failed.prefix(5))")
        #expect(failed.filter { $0.count == 4 && ($0[1] == "135" || $0[2] == "135") }.isEmpty, "SIGBUS")
    }
}
