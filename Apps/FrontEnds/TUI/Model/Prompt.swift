import ScreenKit

/// A small form generated from an action's parameter schema: one field per
/// parameter the user must type; `item` parameters come from the list cursor
/// and never appear here.
struct Prompt {
    struct Field {
        var param: ParamDescriptor
        var editor: FieldEditor
        /// Index into `param.choices` (choice) or 0/1 (bool).
        var choice: Int

        var isPicker: Bool { param.kind == .choice || param.kind == .bool }

        var options: [String] {
            param.kind == .bool ? ["false", "true"] : param.choices ?? []
        }

        var value: String? {
            if isPicker {
                let options = options
                return options.indices.contains(choice) ? options[choice] : nil
            }
            return editor.text
        }
    }

    var action: ActionDescriptor
    /// Arguments already known (items from the cursor).
    var fixed: ActionArguments
    var fields: [Field]
    var focus = 0
    var message: String?
    /// What Tab found when it could not choose (the matching paths).
    var hint: String?
    /// The screen's words above the fields (a typed confirmation's question).
    var note: String?
    /// Asks the typed answer after yes: submitting runs, never asks again.
    var confirmed = false

    /// Builds the prompt; `prefill` suggests starting values by parameter name.
    init(action: ActionDescriptor, fixed: ActionArguments, prefill: [String: String]) {
        self.action = action
        self.fixed = fixed
        fields = action.params.filter { fixed[$0.name] == nil && !ActionConfirmation.answeredByDialog($0, of: action) }.map { param in
            let start = prefill[param.name] ?? ""
            var choice = 0
            if param.kind == .bool { choice = start == "true" ? 1 : 0 }
            if param.kind == .choice, let index = param.choices?.firstIndex(of: start) { choice = index }
            var editor = FieldEditor(start)
            editor.selectAll()  // a suggested value is replaced by typing
            return Field(param: param, editor: editor, choice: choice)
        }
    }

    /// The arguments to send: empty optional values are left out; an empty
    /// required text is sent as empty text (the view model decides), and the
    /// schema check reports what is still wrong.
    func arguments() throws(ScreenError) -> ActionArguments {
        var arguments = fixed
        for field in fields {
            guard let value = field.value else { continue }
            if value.isEmpty {
                let textual = field.param.kind == .string || field.param.kind == .path
                if !field.param.required || !textual { continue }
            }
            arguments[field.param.name] = .string(value)
        }
        return try action.validate(arguments)
    }

    var focused: Field? { fields.indices.contains(focus) ? fields[focus] : nil }
}
