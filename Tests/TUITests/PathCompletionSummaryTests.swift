import ScreenKit
import Testing
@testable import TUIFrontEnd

/// The one line a path prompt shows under the field after Tab: the first
/// few matches, then how many more matched in all (not only those listed).
@Suite struct PathCompletionSummaryTests {
    @Test func namesTheFirstFewAndCountsTheRest() {
        let few = PathCompletion.Result(text: "r", candidates: ["road/", "rock.m3u"])
        #expect(PathCompletion.summary(few) == "road/  rock.m3u")
        let cut = PathCompletion.Result(text: "t", candidates: ["t1", "t2", "t3"], total: 500)
        #expect(PathCompletion.summary(cut, limit: 2) == "t1  t2  … 498 more")
    }
}
