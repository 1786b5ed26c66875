import type { ShownValue } from "../lib/issue-fields.ts";
import { Person } from "./people.tsx";

export function FieldValue({ value }: { value: ShownValue }) {
  switch (value.kind) {
    case "empty":
      return <span className="muted">{value.text}</span>;
    case "person":
      return <Person name={value.name} />;
    case "element":
      return (
        <span className="field-element">
          {value.color ? (
            <span className="field-swatch" aria-hidden="true" style={{ background: value.color }} />
          ) : null}
          <bdi>{value.name}</bdi>
        </span>
      );
    case "date":
      return <time dateTime={value.dateTime}>{value.text}</time>;
    case "text":
      return <bdi>{value.text}</bdi>;
  }
}
