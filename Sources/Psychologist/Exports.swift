// One import for an embedding program: the host's modules under the library's name, as
// the library was one module before it was split by job.
@_exported import App
@_exported import Channels
@_exported import Declarations
@_exported import Files
@_exported import LuaBindings
@_exported import PrototypeExport
@_exported import StoryboardCanvas
