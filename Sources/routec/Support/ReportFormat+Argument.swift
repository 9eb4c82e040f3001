import ArgumentParser
import RouteCompiler
import RouteTools
import RoutecCore

extension ReportFormat: ExpressibleByArgument {}
