import KernelDomain
import PhotosDomain
import Testing

/// The packed list a refresh carries: what goes in comes out, whatever
/// order a reader appends a photo's text fields in.
@Suite struct PhotoListTests {
    let photos = [
        Photo(albumId: 1, id: 1, title: "accusamus beatae", url: "https://via.placeholder.com/600/92c952", thumbnailUrl: "https://via.placeholder.com/150/92c952"),
        Photo(albumId: 2, id: 7, title: "", url: "u", thumbnailUrl: ""),
        Photo(albumId: 2, id: -3, title: "写真の題名 📷 cafe\u{301} \u{1B}[31m", url: "https://x/é", thumbnailUrl: "t"),
    ]

    @Test func photosComeOutAsTheyWentIn() {
        let list = PhotoList(photos)
        #expect(Array(list) == photos)
        #expect(list.count == 3 && list.map(\.id) == [1, 7, -3])
        #expect(list.indices.map { list.id(at: $0) } == [1, 7, -3])
        #expect(list.indices.map { list.albumId(at: $0) } == [1, 2, 2])
        for index in list.indices {
            let texts = list.withTexts(at: index) { title, url, thumbnail in
                [String(decoding: title, as: UTF8.self), String(decoding: url, as: UTF8.self), String(decoding: thumbnail, as: UTF8.self)]
            }
            #expect(texts == [photos[index].title, photos[index].url, photos[index].thumbnailUrl])
        }
        #expect(PhotoList().isEmpty && Array(PhotoList()) == [])
    }

    /// A reader appends fields as the record has them (thumbnail first,
    /// say) and forgets a record it could not finish; the list equals one
    /// built from the same photos.
    @Test func fieldsInAnyOrderAndAnAbandonedRecordLeaveTheSameList() {
        var list = PhotoList()
        func append(_ text: String, _ field: PhotoList.TextField, _ marks: inout PhotoList.TextFieldMarks) {
            marks.begin(field, in: list)
            Array(text.utf8).withUnsafeBufferPointer { list.appendText($0) }
            marks.end(field, in: list)
        }
        for photo in photos {
            // A record cut short: its text is appended, then forgotten.
            let mark = list.textCount
            var abandoned = PhotoList.TextFieldMarks()
            append("half a title", .title, &abandoned)
            #expect(!abandoned.has(.url))
            list.truncateText(to: mark)
            var marks = PhotoList.TextFieldMarks()
            append(photo.thumbnailUrl, .thumbnailUrl, &marks)
            append(photo.url, .url, &marks)
            append(photo.title, .title, &marks)
            #expect(marks.has(.title) && marks.has(.url) && marks.has(.thumbnailUrl))
            list.append(albumId: photo.albumId, id: photo.id, marks)
        }
        #expect(list == PhotoList(photos))
        #expect(Array(list) == photos)
        #expect(list != PhotoList(Array(photos.dropLast())))
        var retitled = photos
        retitled[1].title = "x"
        #expect(list != PhotoList(retitled))
    }
}
