// What next-env.d.ts references (it is generated and ignored), so `tsc` works before a build.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
