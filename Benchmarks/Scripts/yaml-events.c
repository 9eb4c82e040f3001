// The floor for `routec generate`: read a manifest and scan its libyaml parser events, nothing
// else (no tree, no model, no output). routec's own first stage is this same event loop.
//
//   yaml-events FILE      prints the number of events; exit status 1 on a YAML error
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: yaml-events FILE\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (file == NULL) {
    perror(argv[1]);
    return 2;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  unsigned char *bytes = malloc(size > 0 ? (size_t)size : 1);
  if (bytes == NULL || fread(bytes, 1, (size_t)size, file) != (size_t)size) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  fclose(file);

  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, bytes, (size_t)size);
  long events = 0;
  for (;;) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      fprintf(stderr, "%s: YAML error: %s\n", argv[1], parser.problem ? parser.problem : "?");
      return 1;
    }
    events += 1;
    int done = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    if (done) break;
  }
  yaml_parser_delete(&parser);
  free(bytes);
  printf("%ld\n", events);
  return 0;
}
