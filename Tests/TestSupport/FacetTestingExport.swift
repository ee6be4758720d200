/// The general pieces (running a built executable through the CLI, JSON
/// lines and MCP, deadlines, temporary folders) live in FacetTesting, a
/// library product packages outside the tree use too; Facet's own tests see
/// them through TestSupport as before.
@_exported import FacetTesting
