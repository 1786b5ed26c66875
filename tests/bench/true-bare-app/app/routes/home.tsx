import { useLoaderData, type MetaFunction } from "react-router";

export function loader() {
  return { title: "True baseline" };
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => [{ title: loaderData?.title }];

export default function Home() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{title}</h1>
      <p>A minimal React Router app on Express, the true baseline of npm run bench.</p>
    </main>
  );
}
