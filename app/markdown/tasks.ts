// Toggling a task of a task list in the Markdown source, for the form action behind the checkboxes.
// Tasks are found by a line scan and checked against the renderer's own list of tasks, so a toggle
// never lands on the wrong item: when the two disagree (or the text has changed), nothing is toggled.

import { taskStates } from "./render.ts";

/** `- [ ]`, `* [x]`, `1. [X]`, also inside block quotes; group 1 is everything up to the box's state. */
const TASK_MARKER = /^((?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[)([ xX])(?=\][ \t])/;
const FENCE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})/;

interface Marker {
  /** Offset of the state character in the text. */
  offset: number;
  checked: boolean;
}

function scanMarkers(text: string): Marker[] {
  const markers: Marker[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of text.split("\n")) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch?.[1] && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length)
        fence = null;
    } else if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
    } else {
      const task = TASK_MARKER.exec(line);
      if (task?.[1] && task[2]) {
        markers.push({ offset: offset + task[1].length, checked: task[2] !== " " });
      }
    }
    offset += line.length + 1;
  }
  return markers;
}

/** The source position of every task, or null when it does not match what the renderer sees. */
function locateTasks(text: string): Marker[] | null {
  const rendered = taskStates(text);
  const markers = scanMarkers(text);
  if (markers.length !== rendered.length || markers.some((m, i) => m.checked !== rendered[i])) return null;
  return markers;
}

function replaceState(text: string, marker: Marker, checked: boolean): string {
  return `${text.slice(0, marker.offset)}${checked ? "x" : " "}${text.slice(marker.offset + 1)}`;
}

/**
 * `text` with task `index` (0-based, document order) set to `checked`, or null when there is no such
 * task or the source cannot be matched to the rendered tasks with certainty.
 */
export function setTask(text: string, index: number, checked: boolean): string | null {
  const marker = locateTasks(text)?.[index];
  return marker ? replaceState(text, marker, checked) : null;
}

/** `text` with task `index` switched, or null (see setTask). */
export function toggleTask(text: string, index: number): string | null {
  const marker = locateTasks(text)?.[index];
  return marker ? replaceState(text, marker, !marker.checked) : null;
}
