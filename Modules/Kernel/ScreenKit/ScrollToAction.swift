extension ActionDescriptor {
    /// `StandardAction.scrollTo` as every paged list screen offers it, so
    /// front ends see one shape: a row offset in the whole list, from 0.
    public static let scrollTo = ActionDescriptor(
        name: StandardAction.scrollTo, label: "Scroll to row",
        summary: "Show the rows from an offset in the whole list (0 is the first row).", effect: .view,
        params: [ParamDescriptor(name: StandardParam.offset, label: "Row offset", kind: .int, positional: true, minimum: 0)])
}
