import ArgumentParser
import RouteCompiler

extension ReportFormat: ExpressibleByArgument {}
