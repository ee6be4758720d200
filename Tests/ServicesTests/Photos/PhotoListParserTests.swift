import Domain
import Foundation
import Services
import Testing
import TestSupport

/// The `/photos` body reader: the whole list, or exactly what is wrong and where.
@Suite struct PhotoListParserTests {
    let url = "http://127.0.0.1:1/ok/photos"

    func parse(_ text: String) throws(PhotoError) -> [Photo] {
        try PhotoListParser.parse(Array(text.utf8), url: url)
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
}
