import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { Sentence, slot } from "./sentence.tsx";

const html = (text: string, slots: Record<string, React.ReactNode>) =>
  renderToString(<Sentence text={text} slots={slots} />);

test("slots and tags of a translated text become the given elements, in the text's own order", () => {
  expect(html(`Reported by ${slot("name")} on <time></time>`, { name: <b>Ada</b>, time: <i>today</i> })).toBe(
    "Reported by <b>Ada</b> on <i>today</i>",
  );
  // Languages put the parts where their grammar wants them.
  expect(html(`${slot("name")} が <time></time> に報告`, { name: <b>Ada</b>, time: <i>今日</i> })).toBe(
    "<b>Ada</b> が <i>今日</i> に報告",
  );
  expect(html("Updated <time>{{date}}</time>", { time: <i>now</i> })).toBe("Updated <i>now</i>");
});

test("a text without places is itself, and a tag no slot fills keeps its text", () => {
  expect(html("Plain text", {})).toBe("Plain text");
  expect(html("Plain <b>bold</b> text", {})).toBe("Plain <!-- -->bold<!-- --> text");
});
