import { data } from "react-router";

export async function loader() {
  throw data({ message: "There is nothing at this address." }, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
