// An app imports this module alone: the core runtime's types (`Resolution`, `Payload`, the
// generated namespace's protocol) come with it.
@_exported import RouteTable
