/// The names every screen and every front end agree on. A view model that
/// offers one of these behaviours uses the name here, and a front end that
/// treats one specially (a key, a scroll trigger, a form sync) looks it up
/// here — never as a string literal of its own. A test fails on literals.
///
/// The conventions, stated once:
/// - `setField(field, value)`: a form's field changed; the view model
///   validates and may update messages and the submit action's `enabled`.
///   Front ends send it on every edit; a one-shot front end sends the fields
///   it was given and then the form's `submitAction` in the same run.
/// - `loadMore` / `loadPrevious`: extend the list window forwards/backwards;
///   keyboard front ends run them when the cursor reaches an edge of what is
///   loaded. Ignored while one runs.
/// - `scrollTo(offset)`: replace the list window with the rows from
///   `offset` (0 is the first row of the whole list), so a front end that
///   shows a scroll bar over the whole list jumps there in one request
///   instead of chaining pages. Offered by screens whose window does not
///   keep every row (`ActionDescriptor.scrollTo`).
/// - `reload`: read the data again. A front end returning to a screen runs it
///   when it is enabled and takes no arguments, so a screen shows what changed
///   while a child screen was on top.
/// - `filter(text)` (key `/`): show only matching rows; empty text shows all.
/// - `sort(by, reverse, descending)`: order rows by a column's `sortKey`;
///   `ListGrammar` states the whole list grammar (sort, reverse, filter,
///   item ids, field ids) that every list screen follows.
/// - `select(item)`: make a row current (seed 003: the title follows it).
/// - `open(item)`: open a row's own screen (the `enter` key).
/// - `openURL(item)`: open a row's web page; the outcome carries the URL.
/// - `up`: go to the parent (Backspace in keyboard front ends).
public enum StandardAction {
    public static let setField = "set-field"
    public static let loadMore = "load-more"
    public static let loadPrevious = "load-previous"
    public static let scrollTo = "scroll-to"
    public static let reload = "reload"
    public static let filter = "filter"
    public static let sort = "sort"
    public static let select = "select"
    public static let open = "open"
    public static let openURL = "open-url"
    public static let up = "up"
    /// Puts back the last change a screen journals (a removed song, a
    /// deleted playlist): what an `ActionEffect.removes` question promises.
    public static let undo = "undo"

    public static let all = [setField, loadMore, loadPrevious, scrollTo, reload, filter, sort, select, open, openURL, up, undo]
}

/// Parameter names with a fixed meaning across screens.
public enum StandardParam {
    /// `set-field`: the field's id.
    public static let field = "field"
    /// `set-field`: the new text.
    public static let value = "value"
    /// A list row's id (`ParamDescriptor.Kind.item`).
    public static let item = "item"
    /// `filter`: the text to match.
    public static let text = "text"
    /// `scroll-to`: a row's position in the whole list, from 0 (as `ListContent.offset`).
    public static let offset = "offset"
    /// `sort`: a column's sort key.
    public static let by = "by"
    /// `sort`: largest first.
    public static let descending = "descending"
    /// A `.destroys` action: the user already said yes (see `ActionConfirmation`).
    public static let yes = "yes"
    /// A `.destroys` action whose target may need a second, typed answer
    /// (the home folder): the target's full path typed again (see
    /// `Screen.typedConfirmation`).
    public static let confirmPath = "confirm-path"
    /// `sort` and a list screen's options: the other way round from the
    /// column's natural direction (see `ListGrammar`).
    public static let reverse = "reverse"
}

/// Keys with a fixed meaning in keyboard front ends.
public enum StandardKey {
    public static let filter = "/"
    public static let enter = "enter"
    /// `StandardAction.undo`, named in every question about a `.removes` action.
    public static let undo = "u"
}
