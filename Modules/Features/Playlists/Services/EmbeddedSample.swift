import KernelDomain
import KernelServices
import PlaylistsDomain

/// The seed's sample playlist in the seed's own `songs.json` format, built in
/// so that a fresh install has something to show, offline.
public enum EmbeddedSample {
    public static let name = "Sample"
    public static let source = "embedded:songs.json"

    public static var material: PlaylistMaterial {
        .file(name: "songs.json", bytes: Array(json.utf8))
    }

    static let json = """
        {
          "result": [
            {"title": "Bohemian Rhapsody", "artist_name": "Queen", "cover": "https://covers.example/queen-a-night-at-the-opera.jpg"},
            {"title": "Hotel California", "artist_name": "Eagles", "cover": "https://covers.example/eagles-hotel-california.jpg"},
            {"title": "Imagine", "artist_name": "John Lennon", "cover": "https://covers.example/lennon-imagine.jpg"},
            {"title": "Smells Like Teen Spirit", "artist_name": "Nirvana", "cover": "https://covers.example/nirvana-nevermind.jpg"},
            {"title": "Billie Jean", "artist_name": "Michael Jackson", "cover": "https://covers.example/jackson-thriller.jpg"},
            {"title": "Hey Jude", "artist_name": "The Beatles", "cover": "https://covers.example/beatles-hey-jude.jpg"},
            {"title": "Like a Rolling Stone", "artist_name": "Bob Dylan", "cover": "https://covers.example/dylan-highway-61.jpg"}
          ]
        }
        """
}
