import { useLoaderData, type MetaFunction } from "react-router";

export function loader() {
  return { title: "Bare React Router page" };
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => [{ title: loaderData?.title }];

export default function BenchBare() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <h1>{title}</h1>
      <p>
        The baseline of npm run bench: a React Router document, its scripts and hydration, without the shell.
      </p>
    </main>
  );
}
