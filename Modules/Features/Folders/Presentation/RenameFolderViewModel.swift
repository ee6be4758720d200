import FoldersDomain
import KernelDomain
import KernelPresentation
import ScreenKit

/// The *rename* screen (seed 002's ChangeFolderName): a text field pre-filled
/// with the folder's name, validated as the user types, and a `rename` that
/// is enabled only while the name is valid.
///
/// While the user has not edited the field it follows the folder's name, so
/// a rename made elsewhere (another screen, another program) shows here too.
///
/// Inputs: `setName(_:)` (the form's `set-field`), `rename(to:)`.
/// Outputs: `name`, `validation`, `canRename`, `status`, derived `snapshot`.
@MainActor
public final class RenameFolderViewModel: ScreenModel, DeclaredScreen {
    public static let screenID = "folder-rename"

    public let folder: FolderModel
    private let library: FolderLibrary
    private var observation: ObservationToken?
    public private(set) var name: String
    /// True once the user typed: the field then stops following the folder.
    public private(set) var edited = false
    public private(set) var status: ScreenStatus = .idle

    public init(library: FolderLibrary, path: String) {
        self.library = library
        self.folder = library.model(for: path)
        self.name = folder.name
    }

    // MARK: Outputs

    /// What is wrong with the typed name, in the user's words; nil when valid.
    public var validation: String? {
        FolderNameRules.problem(with: name).map { FolderError.invalidName(name, $0).message }
    }

    public var canRename: Bool { renameBlocked == nil }

    // MARK: Inputs

    public override func start() async {
        observation = ObservationToken(folder.observe { [weak self] folder in
            guard let self else { return }
            if !edited { name = folder.name }
            publish()
        })
        publish()
    }

    public func setName(_ text: String) {
        name = text
        edited = true
        if status.kind == .error || status.kind == .notice { status = .idle }
        publish()
    }

    /// Renames the folder on disk to `newName` (or the typed name).
    public func rename(to newName: String? = nil) throws(ScreenError) {
        if let newName { setName(newName) }
        let old = folder.name
        do {
            try library.rename(folder.path, to: name)
        } catch {
            let failure = ErrorPresentation.screenError(error)
            status = .error(failure)
            publish()
            throw failure
        }
        edited = false
        name = folder.name
        status = .notice(old == name ? "The name is unchanged." : "Renamed \"\(old)\" to \"\(name)\".")
        publish()
    }

    public override func close() {
        observation?.cancel()
        observation = nil
        super.close()
    }

    // MARK: Screen contract

    public static let setFieldAction = ScreenAction<RenameFolderViewModel>(
        StandardAction.setField, key: "e", label: "Edit", summary: "Type into a field (the new name).", effect: .view,
        params: [
            ParamDescriptor(name: StandardParam.field, label: "Field", kind: .choice, positional: true, choices: [nameField]),
            ParamDescriptor(name: StandardParam.value, label: "Text", positional: true),
        ]
    ) { model, arguments throws(ScreenError) in
        guard try arguments.require(StandardParam.field) == nameField else {
            throw .invalidParams("this form has one field: name", code: "unknown_field")
        }
        model.setName(arguments.string(StandardParam.value) ?? "")
        return .done
    }
    public static let renameAction = ScreenAction<RenameFolderViewModel>(
        "rename", key: StandardKey.enter, label: "Rename",
        summary: "Rename the folder on disk to the typed name (or NAME); never replaces anything.", effect: .changes,
        params: [ParamDescriptor(name: "name", label: "New name (default: the typed one)", required: false, positional: true)],
        unavailable: { $0.renameBlocked }
    ) { model, arguments throws(ScreenError) in
        try model.rename(to: arguments.string("name"))
        return .done
    }
    public static let actions = [renameAction, setFieldAction]
    static let nameField = "name"

    public static let descriptor = ScreenDescriptor(
        id: screenID, title: "Rename folder", summary: "Rename a folder in place, validated, never replacing another entry.",
        params: [ParamDescriptor(name: "path", label: "Folder to rename", kind: .path, positional: true)],
        actions: actionDescriptors, topLevel: false,
        examples: ["facet folder-rename photos/2023 rename archive", "facet folder-rename photos/2024 set-field name pictures"])

    /// Why `rename` is unavailable, nil while it is available.
    var renameBlocked: String? {
        if FolderPath.parent(folder.path) == nil { return "The top folder (/) cannot be renamed" }
        return validation
    }

    public override var snapshot: ScreenSnapshot {
        var rows = [DetailRow("Folder", folder.path, id: "path", type: .path)]
        if let entry = folder.entry, entry.complete {
            rows.append(DetailRow(
                "Size", FolderFormat.exactSize(entry.bytes), id: "bytes", data: .int(entry.bytes), type: .bytes))
        }
        return ScreenSnapshot(
            screen: Self.screenID, title: "Rename " + FolderFormat.title(name: folder.name, entry: folder.entry),
            status: status,
            content: ScreenContent(
                form: FormContent(
                    fields: [FormField(
                        id: Self.nameField, label: "New name", value: name, placeholder: folder.name, message: validation,
                        maxLength: FolderNameRules.maxBytes)],
                    submitAction: Self.renameAction.name),
                detail: DetailContent(rows: rows)),
            actions: availableActions)
    }
}
