import GRDB

// `facet playlists` without Facet: one GRDB connection to the same file, the
// same query, 20 rows printed.
let queue = try DatabaseQueue(path: CommandLine.arguments[1])
let rows = try queue.read { db in
    try Row.fetchAll(db, sql: "select name, source, song_count from playlist order by name limit 20")
}
var out = ""
for row in rows {
    let name: String = row["name"]
    let source: String = row["source"]
    let count: Int = row["song_count"]
    out += name + "\t" + source + "\t" + String(count) + "\n"
}
print(out, terminator: "")
