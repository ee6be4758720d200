import Foundation
import KernelDomain
import KernelServices
import PhotosDomain
import PhotosServices
import TestSupport
import Testing

/// The `/photos` body reader: the whole list, or exactly what is wrong and where.
@Suite struct PhotoListParserTests {
    let url = "http://127.0.0.1:1/ok/photos"

    func parse(_ text: String) throws(PhotoError) -> [Photo] {
        Array(try PhotoListParser.parse(Array(text.utf8), url: url))
    }

    func failure(_ text: String) -> PhotoError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsAllFiveFieldsFromTheirRealKeys() throws {
        let photos = try parse("""
            [{"albumId": 7, "id": 301, "title": "a \\"quoted\\" \\u00e9 title", "url": "https://x/600/1",
              "thumbnailUrl": "https://x/150/1", "extra": {"ignored": [1, 2]}}]
            """)
        #expect(photos == [Photo(albumId: 7, id: 301, title: "a \"quoted\" é title", url: "https://x/600/1", thumbnailUrl: "https://x/150/1")])
    }

    @Test func theFixtureBodyIsFiveThousandPhotosInOrder() throws {
        let body = try PhotosFixtureServer.okBody()
        let photos = try PhotoListParser.parse([UInt8](body), url: url)
        #expect(photos.count == 5000)
        #expect(photos.first?.id == 1 && photos.last?.id == 5000)
        #expect(photos.last?.albumId == 100)
        #expect(Set(photos.map(\.albumId)).count == 100)
    }

    @Test func anEmptyListIsAListNotAnError() throws {
        #expect(try parse(" [ ] ").isEmpty)
    }

    @Test(arguments: ["", "   \n\t "])
    func anEmptyBodyIsItsOwnError(body: String) {
        #expect(failure(body) == .emptyBody(url: url))
    }

    @Test func malformedJSONNamesTheByteOffset() {
        let text = #"[{"albumId": 1, "id": 1, "title": "a""#
        #expect(failure(text) == .malformedJSON(offset: text.utf8.count, reason: "unexpected end of input"))
        #expect(failure(#"[{"title": "cut"#) == .malformedJSON(offset: 15, reason: "unexpected end of input in a string"))
        #expect(failure("[,]") == .malformedJSON(offset: 1, reason: "unexpected character"))
        #expect(failure("[] x") == .malformedJSON(offset: 3, reason: "unexpected text after the JSON value"))
        #expect(failure("<html>") == .malformedJSON(offset: 0, reason: "unexpected character"))
        #expect(failure("[] x")?.message == "The photo list is not valid JSON: unexpected text after the JSON value at byte 3.")
    }

    @Test func aMissingFieldNamesTheRecordAndField() {
        let text = """
            [{"albumId":1,"id":1,"title":"t","url":"u","thumbnailUrl":"v"},
             {"albumId":1,"id":2,"title":"t","url":"u"}]
            """
        #expect(failure(text) == .missingField(index: 1, field: "thumbnailUrl"))
        #expect(failure(text)?.message == #"Photo record 2 (index 1) has no "thumbnailUrl" field."#)
        #expect(failure(text)?.code == "photos.missing_field")
    }

    @Test func theSeedsBugIsGoneAlbumIdComesFromAlbumId() {
        // The seed read albumId from another key; a record without it must fail, not default.
        #expect(failure(#"[{"album_id":1,"id":1,"title":"t","url":"u","thumbnailUrl":"v"}]"#) == .missingField(index: 0, field: "albumId"))
    }

    @Test(arguments: [
        (#"{"albumId":"3","id":1,"title":"t","url":"u","thumbnailUrl":"v"}"#, "albumId", "a whole number", "a string"),
        (#"{"albumId":3,"id":1.5,"title":"t","url":"u","thumbnailUrl":"v"}"#, "id", "a whole number", "a number with a fraction or out of range"),
        (#"{"albumId":3,"id":1,"title":null,"url":"u","thumbnailUrl":"v"}"#, "title", "a string", "null"),
        (#"{"albumId":3,"id":1,"title":"t","url":["u"],"thumbnailUrl":"v"}"#, "url", "a string", "an array"),
        (#"{"albumId":3,"id":1,"title":"t","url":"u","thumbnailUrl":false}"#, "thumbnailUrl", "a string", "a boolean"),
    ])
    func aWrongTypeNamesTheRecordFieldAndBothTypes(record: String, field: String, expected: String, found: String) {
        let text = #"[{"albumId":1,"id":1,"title":"t","url":"u","thumbnailUrl":"v"},{"albumId":1,"id":2,"title":"t","url":"u","thumbnailUrl":"v"},"# + record + "]"
        #expect(failure(text) == .wrongType(index: 2, field: field, expected: expected, found: found))
    }

    @Test func theTopLevelMustBeAnArrayOfObjects() {
        #expect(failure(#"{"photos": []}"#) == .notAList(found: "an object"))
        #expect(failure(#"[{"albumId":1,"id":1,"title":"t","url":"u","thumbnailUrl":"v"}, 42]"#) == .notARecord(index: 1, found: "a number"))
    }

    @Test func escapesAndWideCharactersAreKeptExactly() throws {
        let photos = try parse(#"[{"albumId":1,"id":1,"title":"\u001b[31mred\u001b[0m 写真 📷 e\u0301","url":"u","thumbnailUrl":"v"}]"#)
        #expect(photos.first?.title == "\u{1B}[31mred\u{1B}[0m 写真 📷 e\u{301}")
    }

    /// Reading while the body arrives ends as reading it whole does, the
    /// same list or the same error, wherever the pieces break: every prefix
    /// of small bodies (valid, and each kind of error), and the 1 MB fixture
    /// in pieces of several sizes.
    @Test func readingAsTheBodyArrivesEndsAsReadingItWhole() throws {
        let record = #"{"albumId": 12, "id": 345678, "title": "t \"q\" \u00e9 写真 📷", "url": "u", "thumbnailUrl": "v", "x": [1, {"y": null}]}"#
        let bodies = [
            "[" + record + ", " + record.replacingOccurrences(of: "345678", with: "9") + "]",
            " [ ] ", "", "  ", "[" + record + ",", #"[{"title": "cut"#, "[,]", "[] x", "<html>", #"{"photos": []}"#,
            "[" + record + ", 42]", #"[{"albumId": "3", "id": 1, "title": "t", "url": "u", "thumbnailUrl": "v"}]"#,
            #"[{"albumId": 3, "id": 1, "title": "t", "url": "u"}]"#, #"[{"albumId": 1.5, "id": 1}]"#,
            "[" + record + "] trailing", "[" + record + #", {"albumId": 1, "id": 2, "title": "\uZZZZ"}]"#,
        ]
        func whole(_ bytes: [UInt8]) -> Result<PhotoList, PhotoError> { Result { () throws(PhotoError) in try PhotoListParser.parse(bytes, url: url) } }
        func arriving(_ bytes: [UInt8], pieces: Int) -> Result<PhotoList, PhotoError> {
            var progress = PhotoListParser.Progress()
            var received = 0
            while received < bytes.count {
                let piece = Array(bytes[received..<min(bytes.count, received + pieces)])
                received += piece.count
                piece.withUnsafeBytes { progress.append($0) }
            }
            return Result { () throws(PhotoError) in try progress.finish(url: url) }
        }
        for body in bodies {
            let bytes = Array(body.utf8)
            for piece in 1...max(1, bytes.count) {
                #expect(arriving(bytes, pieces: piece) == whole(bytes), "\(body) in pieces of \(piece)")
            }
        }
        let fixture = [UInt8](try PhotosFixtureServer.okBody())
        let expected = whole(fixture)
        for piece in [977, 4096, 65_536, 300_000] {
            #expect(arriving(fixture, pieces: piece) == expected, "the fixture in pieces of \(piece)")
        }
    }
}
