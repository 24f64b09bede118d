// React 19 warns unless the test environment declares act() support (TOOLCHAIN.md "Browser").
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
