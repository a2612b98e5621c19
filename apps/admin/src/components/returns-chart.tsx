"use client";

import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export interface ReturnsPoint {
  bet: string;
  /** Percent. */
  actual: number;
  theoretical: number | null;
  /** [low, high] in percent: drawn as a floating bar. */
  band: [number, number] | null;
  outside: boolean;
}

const percent = (value: number) => `${value.toFixed(2)} %`;

/** Each bet id's actual return as a dot over its 95 % band (a floating bar) and its theory. */
export function ReturnsChart({ points }: { points: ReturnsPoint[] }) {
  return (
    <div data-testid="returns-chart" style={{ width: "100%", height: 320 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 10, right: 20, bottom: 10, left: 10 }}>
          <CartesianGrid stroke="#edf0f3" />
          <XAxis dataKey="bet" />
          <YAxis tickFormatter={(value: number) => `${value} %`} domain={["auto", "auto"]} />
          <Tooltip
            formatter={(value) =>
              Array.isArray(value)
                ? value.map((part) => percent(Number(part))).join(" – ")
                : percent(Number(value))
            }
          />
          <Legend />
          <Bar dataKey="band" name="95 % band" fill="#c9dbf5" barSize={36} />
          <Scatter dataKey="theoretical" name="Theoretical" fill="#1f5fbf" shape="cross" />
          <Scatter dataKey="actual" name="Actual" fill="#b42318" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
