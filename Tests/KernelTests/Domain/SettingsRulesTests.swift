import KernelDomain
import Testing

/// Every setting's rule, with the bad inputs the issue names.
@Suite struct SettingsRulesTests {
    @Test func githubUserAcceptsGitHubNamesAndEmptyForUnset() throws {
        #expect(try SettingsRules.change(.githubUser, " octocat ") == .githubUser("octocat"))
        #expect(try SettingsRules.change(.githubUser, "a-b-9") == .githubUser("a-b-9"))
        #expect(try SettingsRules.change(.githubUser, "") == .githubUser(""))
    }

    @Test(arguments: ["-lead", "trail-", "two--hyphens", "has space", "naïve", "\u{1B}[31mred", String(repeating: "a", count: 40)])
    func githubUserRefusesWhatGitHubRefuses(_ value: String) {
        let error = SettingsRules.problem(.githubUser, value)
        #expect(error?.code == "settings.invalid_github_user")
        #expect(error?.message.contains("\u{1B}") == false)
    }

    @Test func tokenIsSetClearedAndNeverEchoedInMessages() throws {
        #expect(try SettingsRules.change(.githubToken, "ghp_abc123") == .githubToken("ghp_abc123"))
        #expect(try SettingsRules.change(.githubToken, "  ") == .githubToken(nil))
        let spaced = SettingsRules.problem(.githubToken, "ghp secret")
        #expect(spaced?.code == "settings.invalid_github_token")
        #expect(spaced?.message.contains("secret") == false)
        #expect(SettingsRules.problem(.githubToken, String(repeating: "x", count: 256)) != nil)
    }

    @Test func frontEndChoicesAndUnknownNames() throws {
        // The names come from the caller (the launcher's registry), not Domain.
        let offered: [FrontEndChoice] = ["cli", "tui", "jsonl", "web"]
        #expect(try SettingsRules.change(.preferredUI, "jsonl", frontEnds: offered) == .preferredUI("jsonl"))
        #expect(try SettingsRules.change(.preferredUI, "TUI", frontEnds: offered) == .preferredUI("tui"))
        #expect(try SettingsRules.change(.preferredUI, "web", frontEnds: offered) == .preferredUI("web"))
        #expect(try SettingsRules.change(.preferredUI, "", frontEnds: offered) == .preferredUI(nil))
        let unknown = SettingsRules.problem(.preferredUI, "gui", frontEnds: offered)
        #expect(unknown?.code == "settings.invalid_ui")
        #expect(unknown?.message == "Preferred front end must be one of cli, tui, jsonl, web (or empty for the default).")
        #expect(SettingsRules.problem(.preferredUI, "web", frontEnds: ["cli"])?.code == "settings.invalid_ui")
    }

    @Test func pageSizeRange() throws {
        #expect(try SettingsRules.change(.pageSize, "10") == .pageSize(10))
        #expect(try SettingsRules.change(.pageSize, "500") == .pageSize(500))
        for bad in ["0", "9", "501", "1000000000", "-5", "ten", "", "99999999999999999999999"] {
            let error = SettingsRules.problem(.pageSize, bad)
            #expect(error?.code == "settings.invalid_page_size", "\(bad)")
        }
        #expect(SettingsRules.problem(.pageSize, "1000000000")?.message == "Page size must be between 10 and 500.")
    }

    @Test func baseURLsAcceptHTTPAndHTTPSOnly() throws {
        #expect(try SettingsRules.change(.githubBaseURL, "https://ghe.example.com/api/v3/") == .githubBaseURL("https://ghe.example.com/api/v3"))
        #expect(try SettingsRules.change(.photosBaseURL, "http://127.0.0.1:8080") == .photosBaseURL("http://127.0.0.1:8080"))
        let bad = [
            "file:///etc/passwd", "javascript:alert(1)", "ftp://example.com", "https://", "example.com",
            "https://user:pw@example.com", "https://exa mple.com", "https://example.com/\u{1B}[2J", "",
            "data:text/html,hi", "https://example.com/?q=1", "https://a.comhttp://b/", "http://a.example/http://b.example",
        ]
        for value in bad {
            #expect(SettingsRules.problem(.githubBaseURL, value)?.code == "settings.invalid_github_base_url", "\(value)")
            #expect(SettingsRules.problem(.photosBaseURL, value)?.code == "settings.invalid_photos_base_url", "\(value)")
        }
        #expect(SettingsRules.problem(.githubBaseURL, "file:///etc/passwd")?.message
            == "GitHub API base URL must be an http:// or https:// URL.")
        #expect(SettingsRules.problem(.photosBaseURL, "https://a.comhttp://b/")?.message
            == "Photos API base URL must be one URL (is it two pasted together?).")
        #expect(try SettingsRules.change(.photosBaseURL, "http://[::1]:8080/api") == .photosBaseURL("http://[::1]:8080/api"))
    }

    @Test func picturesAreOnOrOffAndTheCacheBoundIsAWholeNumberOfMiB() throws {
        #expect(try SettingsRules.change(.pictures, " Off ") == .pictures(false))
        #expect(try SettingsRules.change(.pictures, "on") == .pictures(true))
        #expect(try SettingsRules.change(.pictures, "no") == .pictures(false))
        #expect(SettingsRules.problem(.pictures, "maybe")?.message.contains("must be on or off") == true)
        #expect(SettingsRules.problem(.pictures, "")?.code == "settings.invalid_pictures")
        #expect(try SettingsRules.change(.pictureCacheMiB, "64") == .pictureCacheMiB(64))
        for bad in ["0", "-5", "65537", "lots", "1.5", "", String(repeating: "9", count: 40)] {
            let problem = SettingsRules.problem(.pictureCacheMiB, bad)
            #expect(problem?.message.contains("between 1 and 65536") == true, "\(bad): \(String(describing: problem))")
        }
        let settings = UserSettings.defaults.applying(.pictures(false)).applying(.pictureCacheMiB(8))
        #expect(settings.displayValue(.pictures) == "off" && settings.displayValue(.pictureCacheMiB) == "8")
    }

    /// The stored setting decides, unless the environment says for the run;
    /// the reason a picture action is unavailable names the way back.
    @Test func pictureChoiceFollowsTheSettingUnlessTheEnvironmentSays() {
        let choice = PictureChoice()
        #expect(choice.shown && choice.offReason == nil && choice.cacheBytes == 256 << 20)
        #expect(choice.follow(UserSettings(pictures: false)))
        #expect(choice.offReason?.contains("facet settings set pictures on") == true)
        #expect(!choice.follow(UserSettings(pictures: false)), "no change, nothing to publish")
        #expect(choice.follow(nil), "signed out: the defaults, pictures on")
        #expect(choice.shown)
        let forced = PictureChoice(environment: ["FACET_PICTURES": "on"])
        #expect(!forced.follow(UserSettings(pictures: false)))
        #expect(forced.shown)
        let off = PictureChoice(environment: ["FACET_PICTURES": "off"])
        #expect(!off.follow(UserSettings(pictures: true)))
        #expect(off.offReason == "Pictures are off for this run (FACET_PICTURES=off).")
    }

    @Test func applyingAChangeKeepsTheTokenOutOfTheValue() {
        let settings = UserSettings.defaults.applying(.githubToken("ghp_x")).applying(.pageSize(20))
        #expect(settings.hasGitHubToken)
        #expect(settings.pageSize == 20)
        #expect(!String(describing: settings).contains("ghp_x"))
        #expect(settings.displayValue(.githubToken) == "")
    }
}
