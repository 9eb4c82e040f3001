/// What `TableReader.routeValues` reads of a route: its record, its effective route in the variant
/// (`none` where it does not exist), and its screen's parameter values or why they are invalid.
struct RouteValues {
  let record: Int
  let effective: Int
  var values: [ParamValue?] = []
  var errors: [ParameterError] = []
}
